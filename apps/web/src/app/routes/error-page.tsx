import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { storageKeys } from '../../lib/session.ts';

/** Session key holding where to return after a failed link login (set by the token login flow). */
export const redirectAddressKey = storageKeys.redirectUrl;

/** The error page of spec part 1 §2: shown when a login link is invalid or expired. */
export function ErrorPage() {
  // A link login that stopped for a reason the user can act on says it under the spec's texts (defect 3).
  const reason = (useLocation().state as { reason?: unknown } | null)?.reason;
  const backToLogin = () => {
    const redirect = sessionStorage.getItem(redirectAddressKey);
    window.location.assign(redirect && /^https?:\/\//.test(redirect) ? redirect : '/');
  };
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1} size="h2" ta="center">
          Oops! Something went wrong.
        </Title>
        <Text ta="center">The login link might be invalid or expired.</Text>
        {typeof reason === 'string' && (
          <Text ta="center" fw={600} role="alert">
            {reason}
          </Text>
        )}
        <Button onClick={backToLogin}>Back to Login</Button>
      </Stack>
    </Center>
  );
}
