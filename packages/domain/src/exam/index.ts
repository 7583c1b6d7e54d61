// What other areas may use of exams: the option letters (the admin API checks answer keys with them).
export { optionLetters } from './exam-rules.ts';
