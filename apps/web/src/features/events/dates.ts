import dayjs from 'dayjs';

/** A calendar day as the screen names it: weekday and DD-MM-YYYY, `Saturday 21-11-2026`. */
export const dayLabel = (date: string) => dayjs(date).format('dddd DD-MM-YYYY');
