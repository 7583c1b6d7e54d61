import { Center, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useBranding } from '../../features/shell/api/get-branding.ts';

/** The public account screen at /my-account/: the institute found by this host and the sign-in form. */
export function AccountScreen() {
  const { data, error, isPending } = useBranding();
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <Stack align="center" gap="md">
          {isPending && <Loader role="status" aria-label="Loading institute" />}
          {data && (
            <>
              <Image src={data.logoPath} alt={`${data.instituteName} logo`} h={64} w="auto" fit="contain" />
              <Title order={1} size="h4" ta="center">
                {data.instituteName}
              </Title>
            </>
          )}
          {error && (
            <Text c="red" role="alert" ta="center">
              {error.message}
            </Text>
          )}
          <LoginForm instituteId={data?.instituteId} />
        </Stack>
      </Paper>
    </Center>
  );
}
