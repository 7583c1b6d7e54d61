import { Title } from '@mantine/core';
import { useSession } from '../../lib/session.ts';

/** A screen a later issue fills: only its menu label for now, nothing made up. */
export function PlaceholderScreen({ title, schoolTitle }: { title: string; schoolTitle?: string }) {
  const session = useSession();
  return (
    <Title order={1} size="h2">
      {schoolTitle && session?.is_institute_type_school ? schoolTitle : title}
    </Title>
  );
}
