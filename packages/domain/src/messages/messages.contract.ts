import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { maxMessageBatchSize } from './messages-rules.ts';
import { messagesEndpoints } from './messages.endpoints.ts';

const wholeNumber = () => z.coerce.number<number | string>({ error: 'must be a whole number' }).int();

/**
 * The phone of the inbox: `+`, the institute's country calling code and the number, as one path segment
 * (`+919000000001`). The spec writes `{+countrycode-phone}`; a hyphen between the two parts (`+91-9000000001`) is
 * read as the same number, so either spelling names one inbox.
 */
export const inboxPhoneSchema = z
  .string()
  .regex(/^\+\d{1,4}-?\d{4,15}$/, { error: 'must be + country code and phone number' })
  .transform((value) => value.replace('-', ''));

/** One message of the inbox; `createdDateTime` is the instant it was sent (ISO 8601, UTC). */
export const messageSchema = z.object({ message: z.string(), createdDateTime: z.string() });
export type Message = z.infer<typeof messageSchema>;

/** Answer of the messages call: the list itself, newest first (the spec names no envelope: "answer is a list"). */
export const messagesAnswerSchema = z.array(messageSchema);

/** Request and answer schemas of each messages endpoint. */
export const messagesSchemas = {
  byPhone: {
    params: z.object({ instituteId: wholeNumber().positive(), phone: inboxPhoneSchema }),
    query: z.object({
      start_index: wholeNumber().min(0, { error: 'must be 0 or more' }).default(0),
      batch_size: wholeNumber()
        .min(1, { error: `must be from 1 to ${maxMessageBatchSize}` })
        .max(maxMessageBatchSize, { error: `must be from 1 to ${maxMessageBatchSize}` })
        .default(maxMessageBatchSize),
    }),
    answer: messagesAnswerSchema,
  },
};

/** The messages endpoints with their schemas, as the API registers them. */
export const messagesContract = bindContract(messagesEndpoints, messagesSchemas);
