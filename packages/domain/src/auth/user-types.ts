/** user_type of a student account. */
export const studentUserType = 1;
/** user_type of an open-course (e-course buyer) account. */
export const openCourseUserType = 99;
/** user_type the demo gives parent accounts; any type but 1 and 99 is a parent login (spec part 1 §6). */
export const parentUserType = 2;

/** True for a parent login: every user type but 1 and 99. Kept apart from the zod contract so screens that need
 * only this do not load zod. */
export const isParentUserType = (userType: number) => userType !== studentUserType && userType !== openCourseUserType;
