import { describe } from 'vitest';
import { fromCallback, type EventObject } from 'xstate';
import {
  profileMachine,
  type ProfileContext,
  type ConfirmEmailChangeResult,
  type RequestEmailChangeInput,
  type RequestEmailChangeResult,
  type UpdateCustomerInput,
  type UpdatedCustomer,
  type UploadAvatarInput,
} from '../../../machines/profile.machine';
import type { Customer } from '../../../services/account.service';
import { never, pathTable, shortestPathPerState, type PathRow } from './path-kit';

// The three regions of `ready` run side by side; walking all their combinations would pin nothing
// more than walking each region on its own, so each describe drives one region's events.
const machine = profileMachine.provide({
  actors: {
    loadCustomer: never<Customer | null, unknown>(),
    updateCustomer: never<UpdatedCustomer, UpdateCustomerInput>(),
    requestEmailChange: never<RequestEmailChangeResult, RequestEmailChangeInput>(),
    confirmEmailChange: never<ConfirmEmailChangeResult, { token: string }>(),
    uploadAvatar: fromCallback<EventObject, UploadAvatarInput>(() => {}),
  },
});

const sara: Customer = {
  id: '1',
  title: null,
  firstName: 'Sara',
  lastName: 'Qahtani',
  phoneNumber: '+966501234567',
  emailAddress: 'sara@example.com',
  customFields: { avatar: null },
};
const loaded = { type: 'xstate.done.actor.loadCustomer', output: sara } as EventObject;
const serialize = (s: { value: unknown; context: ProfileContext }) =>
  JSON.stringify([s.value, s.context.customer, s.context.details, s.context.email, s.context.avatar]);
const ready = (details: string, email: string, avatar: string) => `ready.details.${details},email.${email},avatar.${avatar}`;

describe('profile machine paths: loading and details', () => {
  const events: EventObject[] = [
    loaded,
    { type: 'xstate.done.actor.loadCustomer', output: null } as EventObject,
    { type: 'xstate.error.actor.loadCustomer', error: new Error('offline') } as EventObject,
    { type: 'profile.retry' },
    { type: 'details.change', field: 'firstName', value: 'Nora' } as EventObject,
    { type: 'details.submit' },
    {
      type: 'xstate.done.actor.updateCustomer',
      output: { id: '1', firstName: 'Nora', lastName: 'Qahtani', phoneNumber: '+966501234567', emailAddress: 'sara@example.com' },
    } as EventObject,
    { type: 'xstate.error.actor.updateCustomer', error: new Error('offline') } as EventObject,
  ];
  const paths = shortestPathPerState(machine, { events, serialize });
  const table: PathRow[] = [
    { state: 'loading', via: '(start)', context: { customer: null } },
    { state: 'failed', via: 'error:loadCustomer', context: { customer: null } },
    { state: 'anonymous', via: 'done:loadCustomer', context: { customer: null } },
    {
      state: ready('editing', 'editing', 'idle'),
      via: 'done:loadCustomer',
      context: {
        customer: { firstName: 'Sara' },
        details: { values: { firstName: 'Sara', phone: { e164: '+966501234567', country: 'SA' } }, saved: false },
      },
    },
    {
      state: ready('saving', 'editing', 'idle'),
      via: 'done:loadCustomer → details.submit',
      context: { details: { values: { firstName: 'Sara' }, errors: {} } },
    },
  ];
  pathTable(machine, paths, undefined, table);
});

describe('profile machine paths: e-mail change', () => {
  const events: EventObject[] = [
    loaded,
    { type: 'email.change', field: 'newEmailAddress', value: 'new@example.com' } as EventObject,
    { type: 'email.change', field: 'password', value: 'secret1x' } as EventObject,
    { type: 'email.submit' },
    { type: 'email.edit' },
    { type: 'email.confirm', token: 'tok' } as EventObject,
    { type: 'xstate.done.actor.requestEmailChange', output: { ok: true } } as EventObject,
    {
      type: 'xstate.done.actor.requestEmailChange',
      output: { ok: false, code: 'EMAIL_ADDRESS_CONFLICT_ERROR', message: 'x' },
    } as EventObject,
    { type: 'xstate.done.actor.confirmEmailChange', output: { ok: true } } as EventObject,
    { type: 'xstate.done.actor.refreshCustomer', output: { ...sara, emailAddress: 'new@example.com' } } as EventObject,
    { type: 'xstate.error.actor.confirmEmailChange', error: new Error('offline') } as EventObject,
  ];
  const paths = shortestPathPerState(machine, { events, serialize });
  const filled = 'done:loadCustomer → email.change → email.change → email.submit';
  const table: PathRow[] = [
    { state: 'loading', via: '(start)' },
    { state: ready('editing', 'editing', 'idle'), via: 'done:loadCustomer', context: { email: { requestedFor: null, failure: null } } },
    {
      state: ready('editing', 'requesting', 'idle'),
      via: filled,
      context: { email: { values: { newEmailAddress: 'new@example.com', password: 'secret1x' }, errors: {} } },
    },
    {
      state: ready('editing', 'requested', 'idle'),
      via: `${filled} → done:requestEmailChange(ok)`,
      context: { email: { requestedFor: 'new@example.com', values: { newEmailAddress: '', password: '' } } },
    },
    { state: ready('editing', 'confirming', 'idle'), via: 'done:loadCustomer → email.confirm' },
    {
      state: ready('editing', 'refreshing', 'idle'),
      via: 'done:loadCustomer → email.confirm → done:confirmEmailChange(ok)',
      context: { customer: { emailAddress: 'sara@example.com' }, email: { failure: null } },
    },
    {
      state: ready('editing', 'confirmed', 'idle'),
      via: 'done:loadCustomer → email.confirm → done:confirmEmailChange(ok) → done:refreshCustomer',
      context: { customer: { emailAddress: 'new@example.com' }, email: { failure: null, requestedFor: null } },
    },
  ];
  pathTable(machine, paths, undefined, table);
});

describe('profile machine paths: avatar', () => {
  const events: EventObject[] = [
    loaded,
    { type: 'avatar.select', file: new Blob([new Uint8Array(10)], { type: 'image/png' }) } as EventObject,
    { type: 'avatar.progress', loaded: 5, total: 10 } as EventObject,
    {
      type: 'avatar.uploaded',
      result: { ok: true, image: { id: '9', name: 'a.png', fileSize: 10, source: '/a.png', preview: '/a_p.png' } },
    } as EventObject,
    { type: 'avatar.uploadFailed' },
    { type: 'avatar.cancel' },
  ];
  const paths = shortestPathPerState(machine, { events, serialize });
  const table: PathRow[] = [
    { state: 'loading', via: '(start)' },
    {
      state: ready('editing', 'editing', 'idle'),
      via: 'done:loadCustomer',
      context: { avatar: { image: null, progress: null, error: null } },
    },
    {
      state: ready('editing', 'editing', 'uploading'),
      via: 'done:loadCustomer → avatar.select',
      context: { avatar: { progress: { loaded: 0, total: 0 } } },
    },
  ];
  pathTable(machine, paths, undefined, table);
});
