import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BuildNotice } from '../../../../../src/components/build-notice/build-notice';
import { renderWithI18n } from '../../../helpers/render';

describe('BuildNotice', () => {
  afterEach(cleanup);

  it('is an empty polite live region while nothing is offered', () => {
    renderWithI18n(<BuildNotice state={null} reason={null} onRefresh={() => {}} />);
    expect(screen.getByRole('status').childElementCount).toBe(0);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers a new build with a Refresh button that calls back, and nothing else', () => {
    const onRefresh = vi.fn();
    renderWithI18n(<BuildNotice state="offered" reason="newBuild" onRefresh={onRefresh} />);
    expect(screen.getByRole('status').textContent).toContain('A new version of the shop is available.');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });

  it('says what failed when a part of the page could not load', () => {
    renderWithI18n(<BuildNotice state="offered" reason="chunkFailed" onRefresh={() => {}} />);
    expect(screen.getByRole('status').textContent).toContain('Part of this page could not load.');
  });

  it('disables the button while a held refresh waits for the guard', () => {
    renderWithI18n(<BuildNotice state="refreshing" reason="newBuild" onRefresh={() => {}} />);
    expect((screen.getByRole('button', { name: 'Refreshing…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
