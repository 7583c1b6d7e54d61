import { greetingFor } from '@campus/domain/shell/day';
import { Title } from '@mantine/core';
import type { StoredSession } from '../../../lib/session.ts';

/** The home greeting by time of day with the user's name, the parent's for parent logins (spec part 1 §1). */
export function Greeting({ session, now }: { session: StoredSession; now: Date }) {
  const name = session.parentslogin ? session.parent_name || session.name : session.name;
  return (
    <Title order={1} size="h2">
      {greetingFor(now)}, {name}
    </Title>
  );
}
