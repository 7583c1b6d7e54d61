// What other areas may use of fees: the receipt number's form (the admin API checks it).
export { receiptNoPattern } from './fees-rules.ts';
