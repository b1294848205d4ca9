import { describe } from 'vitest';
import type { EventObject } from 'xstate';
import { changePasswordMachine, type UpdatePasswordInput } from '../../../machines/change-password.machine';
import type { UpdatePasswordResult } from '../../../services/account.service';
import { never, pathTable, shortestPathPerState, type PathRow } from './path-kit';

describe('change-password machine paths', () => {
  const machine = changePasswordMachine.provide({ actors: { updatePassword: never<UpdatePasswordResult, UpdatePasswordInput>() } });
  const done = (output: UpdatePasswordResult) => ({ type: 'xstate.done.actor.updatePassword', output }) as EventObject;
  const events: EventObject[] = [
    { type: 'password.change', field: 'currentPassword', value: 'old-pass1' } as EventObject,
    { type: 'password.change', field: 'newPassword', value: 'new-pass2' } as EventObject,
    { type: 'password.change', field: 'confirmPassword', value: 'new-pass2' } as EventObject,
    { type: 'password.submit' },
    { type: 'password.retry' },
    { type: 'password.reset' },
    done({ ok: true }),
    done({ ok: false, code: 'NATIVE_AUTH_STRATEGY_ERROR', message: 'x' }),
    { type: 'xstate.error.actor.updatePassword', error: new Error('offline') } as EventObject,
  ];
  const paths = shortestPathPerState(machine, {
    events,
    serialize: (s) => JSON.stringify([s.value, s.context.values, Object.keys(s.context.errors), s.context.failure]),
  });
  const filled = 'password.change → password.change → password.change → password.submit';
  const table: PathRow[] = [
    { state: 'editing', via: '(start)', context: { failure: null, policyMessage: null } },
    {
      state: 'submitting',
      via: filled,
      context: { values: { currentPassword: 'old-pass1', newPassword: 'new-pass2', confirmPassword: 'new-pass2' }, errors: {} },
    },
    {
      state: 'changed',
      via: `${filled} → done:updatePassword(ok)`,
      context: { values: { currentPassword: '', newPassword: '', confirmPassword: '' }, failure: null },
    },
    {
      state: 'failed',
      via: `${filled} → done:updatePassword(NATIVE_AUTH_STRATEGY_ERROR)`,
      context: { failure: 'password.unsupported', values: { currentPassword: 'old-pass1', newPassword: 'new-pass2' } },
    },
  ];
  pathTable(machine, paths, undefined, table);
});
