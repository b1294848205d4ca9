/** Alert ids the shopper dismissed, kept in local storage (one list, one entry per alert id). */
export const DISMISSED_ALERTS_KEY = 'dismissed-alerts';

function safeId(id: string): string {
  return id.replace(/[^\w-]/g, '');
}

export function readDismissedAlerts(storage: Pick<Storage, 'getItem'>): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(DISMISSED_ALERTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberDismissedAlert(storage: Pick<Storage, 'getItem' | 'setItem'>, id: string): void {
  // Keep the list short: old alerts are never shown again anyway.
  const ids = [...readDismissedAlerts(storage).filter((x) => x !== id), id].slice(-20);
  try {
    storage.setItem(DISMISSED_ALERTS_KEY, JSON.stringify(ids));
  } catch {
    // Private mode or full storage: the banner is still hidden for this page view.
  }
}

/**
 * Inline <head> script: hides dismissed alerts before first paint so a returning shopper never
 * sees the banner flash and the page below it shift. React 19 ignores the extra <style> node
 * during hydration.
 */
export const hideDismissedAlertsScript = `try{var d=JSON.parse(localStorage.getItem(${JSON.stringify(
  DISMISSED_ALERTS_KEY,
)})||'[]');if(d.length){var s=document.createElement('style');s.textContent=d.map(function(i){return '[data-alert-id="'+String(i).replace(/[^\\w-]/g,'')+'"]'}).join(',')+'{display:none!important}';document.head.appendChild(s)}}catch(e){}`;

export { safeId as alertDomId };
