import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { receiptNoPattern } from './fees-rules.ts';
import { feesEndpoints } from './fees.endpoints.ts';

const wholeNumber = z.coerce.number<number | string>({ error: 'must be a whole number' }).int().positive();
/** Money: a whole number of minor units (paise); the screen shows it with `formatMoney`. */
const money = z.number().int();

/** One installment of the student's fee structure for the year (spec part 2 §3, All-installment item). */
export const allInstallmentSchema = z.object({
  install_no: z.number().int(),
  /** Due date, `YYYY-MM-DD`. */
  d_date: z.string(),
  /** Standard the fee structure is linked to (schools), or null. */
  stnd_n: z.string().nullable(),
  /** Batch the fee structure is linked to (other institutes), or null. */
  c_n: z.string().nullable(),
  /** Amount of the installment: initial - discount + tax. */
  t_amount: money,
  /** Balance still due of the amount (after payments and bad debt). */
  d_amount: money,
  /** Fine levied and not yet paid. */
  balance_fine: money,
  /** 'Y' when nothing is left to pay (amount and fine). */
  p_status: z.enum(['Y', 'N']),
  /** Paid so far towards the amount (fines excluded). */
  p_amount: money,
  bad_debt_amount: money,
  initial_amount: money,
  tax_amount: money,
  disc_amount: money,
  /** Fine levied in all (paid or not); 0 when none. */
  fine_amount: money,
  /** Overdue by the institute's rule (more than 1 day past the due date, institute time zone) and not settled. */
  is_overdue: z.boolean(),
});
export type AllInstallment = z.infer<typeof allInstallmentSchema>;

/** One payment (receipt) of the year (spec part 2 §3, Payment installment). */
export const paymentInstallmentSchema = z.object({
  /** Installment numbers the payment covered, comma-separated ('1, 2'). */
  install_nos: z.string(),
  /** Payment date in the institute's time zone, `YYYY-MM-DD`. */
  p_date: z.string(),
  stnd_n: z.string().nullable(),
  c_n: z.string().nullable(),
  /** Mode: Cash, Cheque, UPI, Card, Online, … */
  p_method: z.string(),
  /** Receipt number, unique in the institute. */
  f_rec_no: z.string(),
  /** Amount paid (fines included). */
  p_amount: money,
  /** Balance left on the installments it covered, right after this payment. */
  d_amount: money,
  /** Financial year of the payment (`2026-27`), sent back when downloading the receipt. */
  financial_yr: z.string(),
});
export type PaymentInstallment = z.infer<typeof paymentInstallmentSchema>;

/** The fee summary of one student and academic year (spec part 2 §3, Fee summary result). */
export const feeSummarySchema = z.object({
  /** Every installment's amount plus the fines levied. */
  total_fee_amount: money,
  /** Every payment (fines included): the sum of p_install_li's p_amount. */
  total_paid_amount: money,
  /** What is left: the sum of a_install_li's d_amount plus balance_fine. */
  total_unpaid_amount: money,
  /** A late fine is configured on the year's fee structure: the Fine Amount column shows. */
  is_fine_configured: z.boolean(),
  p_install_li: z.array(paymentInstallmentSchema),
  a_install_li: z.array(allInstallmentSchema),
});
export type FeeSummary = z.infer<typeof feeSummarySchema>;

export const feeSummaryAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: feeSummarySchema,
});

export const receiptDownloadAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  /** Short-lived signed address of the receipt PDF, opened as a download. */
  awsDownloadLink: z.string(),
});

/** Request and answer schemas of each fees endpoint. */
export const feesSchemas = {
  summary: {
    params: z.object({ instituteId: wholeNumber, studentId: wholeNumber, academicYearId: wholeNumber }),
    answer: feeSummaryAnswerSchema,
  },
  receiptDownload: {
    params: z.object({
      studentId: wholeNumber,
      receiptNo: z.string().regex(receiptNoPattern, 'must be a receipt number'),
    }),
    query: z.object({
      fin_yr: z.string().regex(/^\d{4}-\d{2}$/, 'must be a financial year like 2026-27'),
      acad_year: wholeNumber,
    }),
    answer: receiptDownloadAnswerSchema,
  },
  verifyReceipt: {
    params: z.object({ code: z.string().max(200) }),
    /** An HTML page. */
    answer: z.unknown(),
  },
};

/** The fees endpoints with their schemas, as the API registers them. */
export const feesContract = bindContract(feesEndpoints, feesSchemas);
