import { endpoint } from '../shared/endpoint.ts';
import type { messagesSchemas } from './messages.contract.ts';

type Schemas = typeof messagesSchemas;

/** Messages: the inbox of texts sent to the user's phone number (spec part 2 §2.5, §7). */
export const messagesEndpoints = {
  byPhone: endpoint<Schemas['byPhone']>({
    id: 'messages.byPhone',
    method: 'GET',
    // The spec's `{+countrycode-phone}`: one segment, `+`, the country calling code and the number (see the contract).
    path: '/api/v1/alerts/config/messagesByPhoneNo/:instituteId/:phone',
    service: 'main',
    access: 'session',
    ids: [
      { in: 'params', name: 'instituteId', kind: 'institute' },
      { in: 'params', name: 'phone', kind: 'phone' },
    ],
  }),
};
