// What other areas may use of fees: the receipt number's form (the admin API checks it), and the money format and
// the overdue rule (alerts say what is due and overdue as the fees screen does), and its page (a fee alert opens it).
export { formatMoney, isOverdue, receiptNoPattern } from './fees-rules.ts';
export { feesPages } from './fees.page.ts';
// Today lists what is left of the installments due this week by the rule of Due Details.
export { feeDues, type FeeDue } from './fee-summary.ts';
