import { formatInZone } from '@campus/domain/calendar/calendar';
import { deviceTimeZone } from '../../lib/request.ts';

/** A due instant as the user reads it: DD-MM-YYYY and hh:mm AM in the browser's zone (the one the API is told). */
export const formatDue = (iso: string) => formatInZone(new Date(iso), deviceTimeZone());
