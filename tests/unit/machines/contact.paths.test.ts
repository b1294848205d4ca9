import { describe } from 'vitest';
import type { EventObject } from 'xstate';
import { contactMachine } from '../../../machines/contact.machine';
import type { ContactUsInput, ContactUsResult } from '../../../services/content.service';
import { never, pathTable, shortestPathPerState, type PathRow } from './path-kit';

describe('contact machine paths', () => {
  const machine = contactMachine.provide({ actors: { sendContactMessage: never<ContactUsResult, ContactUsInput>() } });
  const events: EventObject[] = [
    { type: 'contact.change', field: 'name', value: 'Sara' } as EventObject,
    { type: 'contact.change', field: 'emailAddress', value: 'sara@example.com' } as EventObject,
    { type: 'contact.change', field: 'message', value: 'Where is my order please?' } as EventObject,
    { type: 'contact.submit' },
    { type: 'contact.retry' },
    { type: 'contact.reset' },
    { type: 'xstate.done.actor.sendContactMessage', output: { ok: true, id: '1', createdAt: '2026-11-22T10:00:00Z' } } as EventObject,
    {
      type: 'xstate.done.actor.sendContactMessage',
      output: { ok: false, code: 'RATE_LIMIT_ERROR', message: 'Later', retryAfterSeconds: 60 },
    } as EventObject,
    { type: 'xstate.error.actor.sendContactMessage', error: new Error('offline') } as EventObject,
  ];
  const paths = shortestPathPerState(machine, {
    events,
    serialize: (s) =>
      JSON.stringify([
        s.value,
        s.context.values,
        Object.keys(s.context.errors).length > 0,
        s.context.failure?.kind ?? null,
        !!s.context.sent,
      ]),
  });
  const table: PathRow[] = [
    { state: 'editing', via: '(start)', context: { failure: null, sent: null } },
    {
      state: 'submitting',
      via: 'contact.change → contact.change → contact.change → contact.submit',
      context: { values: { name: 'Sara', emailAddress: 'sara@example.com', message: 'Where is my order please?' }, failure: null },
    },
    {
      state: 'sent',
      via: 'contact.change → contact.change → contact.change → contact.submit → done:sendContactMessage(ok)',
      context: { failure: null, sent: { id: '1', createdAt: '2026-11-22T10:00:00Z' } },
    },
    {
      state: 'failed',
      via: 'contact.change → contact.change → contact.change → contact.submit → done:sendContactMessage(RATE_LIMIT_ERROR)',
      context: { failure: { kind: 'rateLimited', retryAfterSeconds: 60 }, sent: null },
    },
  ];
  pathTable(machine, paths, undefined, table);
});
