// Keeps one child process running for `npm start` (start.mjs): a child that dies is started again
// after an exponential backoff, so a crash loop does not spin, and a child that stayed up for
// `resetAfterMs` counts as healthy again (its next crash restarts it after the shortest delay).
// Pure of timers and processes: both are passed in, so the unit tests drive it with fakes.

/** The wait before restart number `failures` (1-based): base, 2·base, 4·base, … capped at maxMs. */
export function backoffDelay(failures, { baseMs = 1000, maxMs = 30_000 } = {}) {
  if (failures < 1) return 0;
  return Math.min(maxMs, baseMs * 2 ** Math.min(failures - 1, 30));
}

/**
 * @param {object} o
 * @param {string} o.name                 shown in the log lines
 * @param {() => import('node:child_process').ChildProcess} o.spawn  starts the child
 * @param {(msg: string) => void} [o.log]
 * @param {number} [o.baseMs]             first restart delay
 * @param {number} [o.maxMs]              longest restart delay
 * @param {number} [o.resetAfterMs]       uptime after which the failure count starts over
 * @param {number} [o.killAfterMs]        SIGKILL a child that ignores SIGTERM for this long
 * @param {(child: object) => void} [o.onStart]  called with each started child (e.g. to wait until it answers)
 */
export function createSupervisor({
  name,
  spawn,
  log = () => {},
  baseMs = 1000,
  maxMs = 30_000,
  resetAfterMs = 60_000,
  killAfterMs = 10_000,
  onStart = () => {},
  now = Date.now,
  setTimer = setTimeout,
  clearTimer = clearTimeout,
}) {
  let child = null;
  let running = false;
  let startedAt = 0;
  let failures = 0;
  let restarts = 0;
  let timer = null;
  // 'up' (keep it running), 'held' (stopped on purpose until resume), 'stopped' (for good)
  let mode = 'up';
  let exitWaiters = [];

  function launch() {
    timer = null;
    if (mode !== 'up') return;
    startedAt = now();
    running = true;
    const c = spawn();
    child = c;
    c.once('exit', (code, signal) => onExit(c, code, signal));
    onStart(c);
  }

  function onExit(c, code, signal) {
    if (c !== child) return;
    running = false;
    const waiters = exitWaiters;
    exitWaiters = [];
    waiters.forEach((w) => w());
    if (mode !== 'up') return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (now() - startedAt >= resetAfterMs) failures = 0;
    failures += 1;
    restarts += 1;
    const delay = backoffDelay(failures, { baseMs, maxMs });
    log(`${name} exited (${how}) after ${Math.round((now() - startedAt) / 1000)} s; restart ${restarts} in ${delay / 1000} s`);
    timer = setTimer(launch, delay);
  }

  /** Ends the current child (SIGTERM, then SIGKILL) and resolves once it has exited. */
  function end() {
    if (timer) clearTimer(timer);
    timer = null;
    if (!running || !child) return Promise.resolve();
    const c = child;
    const exited = new Promise((r) => exitWaiters.push(r));
    c.kill('SIGTERM');
    const force = setTimer(() => running && c === child && c.kill('SIGKILL'), killAfterMs);
    return exited.then(() => clearTimer(force));
  }

  return {
    start() {
      mode = 'up';
      if (!running && !timer) launch();
    },
    /** Stops the child for good (shutdown). */
    stop() {
      mode = 'stopped';
      return end();
    },
    /** Stops the child until `resume()` (a deliberate outage: the fault tests use it). */
    hold() {
      if (mode === 'stopped') return Promise.resolve();
      mode = 'held';
      log(`${name} stopped on request`);
      return end();
    },
    /** Starts a held (or waiting) child now, with a fresh failure count. */
    resume() {
      if (mode === 'stopped') return;
      mode = 'up';
      failures = 0;
      if (timer) clearTimer(timer);
      timer = null;
      if (!running) {
        log(`${name} started on request`);
        launch();
      }
    },
    status: () => ({ name, state: running ? 'running' : mode === 'up' ? 'restarting' : mode, pid: running ? child.pid : null, restarts }),
    get child() {
      return running ? child : null;
    },
  };
}
