import { PlaceholderScreen } from './placeholder-screen.tsx';

/** Route module of Assignments; the screen itself is built in its feature folder. */
export function AssignmentsScreen() {
  return <PlaceholderScreen title="Assignments" schoolTitle="Homework" />;
}
