import { Center, Loader } from '@mantine/core';

/** What shows while a screen's code or data loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="50dvh" p="md">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
