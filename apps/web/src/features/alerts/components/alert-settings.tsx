import type { AlertSettingsTable } from '@campus/domain/alerts/alerts.contract';
import { alertChannels, type AlertChannel } from '@campus/domain/alerts/alerts-rules';
import {
  alertChannelLabels,
  alertKindLabels,
  defaultDigestTime,
  digestChannels,
  type DigestChannel,
} from '@campus/domain/alerts/alerts-settings';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { showFailureToast, showToast } from '../../../components/toast.ts';
import { canPush, settingsQuery, subscribeThisDevice, useSaveSettings } from '../api/settings.ts';

/** A checkbox a finger can hit: the box 24 px (WCAG's least), the whole row at least 44 px high. */
const roomy = { root: { minHeight: 44, display: 'flex', alignItems: 'center' } } as const;

/** The settings as the server answered them, without what is only shown. */
const tableOf = ({ kinds, quiet_start, quiet_end, digest }: AlertSettingsTable): AlertSettingsTable => ({
  kinds,
  quiet_start,
  quiet_end,
  digest,
});

/**
 * The profile's alerts section (issue 31): which alerts reach the account on which channel, quiet hours (alerts
 * wait until they end, except urgent kinds), and a daily digest per channel instead of one message per alert. A
 * parent's settings are the parent's own and cover every child. Opened from the bell at `?section=alerts`.
 */
export default function AlertSettingsSection({ isParent }: { isParent: boolean }) {
  const { data, error, isPending, refetch } = useQuery(settingsQuery());
  const save = useSaveSettings();
  // The user's edits; until the first, the server's settings.
  const [edited, setEdited] = useState<AlertSettingsTable>();
  const table = edited ?? (data && tableOf(data));
  const setTable = (change: (current: AlertSettingsTable) => AlertSettingsTable) => table && setEdited(change(table));
  const [pushState, setPushState] = useState<'idle' | 'on' | 'refused' | 'failed'>('idle');
  const section = useRef<HTMLElement>(null);
  const location = useLocation();

  // The bell's "Alert settings" lands here.
  const isLoaded = data !== undefined;
  const isAsked = new URLSearchParams(location.search).get('section') === 'alerts';
  useEffect(() => {
    if (isAsked && isLoaded) section.current?.scrollIntoView({ block: 'start' });
  }, [isAsked, isLoaded]);

  const setChannel = (index: number, channel: AlertChannel, on: boolean) =>
    setTable((current) => ({
      ...current,
      kinds: current.kinds.map((row, at) =>
        at === index ? { ...row, channels: { ...row.channels, [channel]: on } } : row,
      ),
    }));
  const setUrgent = (index: number, urgent: boolean) =>
    setTable((current) => ({
      ...current,
      kinds: current.kinds.map((row, at) => (at === index ? { ...row, urgent } : row)),
    }));
  // A digest gathers the kinds that go on its channel: turned on while none does (email, by default), it takes the
  // kinds shown in the app, or it would never have anything to send.
  const setDigest = (channel: DigestChannel, time: string | null) =>
    setTable((current) => {
      const anyOn = current.kinds.some((row) => row.channels[channel]);
      const kinds =
        time !== null && !anyOn
          ? current.kinds.map((row) => ({ ...row, channels: { ...row.channels, [channel]: row.channels.app } }))
          : current.kinds;
      return { ...current, kinds, digest: { ...current.digest, [channel]: time } };
    });

  const submit = async () => {
    if (!table) return;
    try {
      await save.mutateAsync(table);
      setEdited(undefined);
      showToast('Alert settings saved.', 'success');
    } catch (failure) {
      showFailureToast(failure);
    }
  };
  const turnOnPush = async () => {
    if (!data?.push_key) return;
    try {
      setPushState((await subscribeThisDevice(data.push_key)) ? 'on' : 'refused');
    } catch {
      setPushState('failed');
    }
  };

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="alert-settings-title" ref={section}>
      <Stack gap="md">
        <Title order={2} size="h4" id="alert-settings-title">
          Alerts
        </Title>
        <Text size="sm">
          {isParent
            ? 'Choose how the portal tells you about your children: these settings are yours and cover every child.'
            : 'Choose how the portal tells you about absences, fees, homework, results, live classes and notices.'}{' '}
          Urgent alerts go out in quiet hours too.
        </Text>
        {isPending ? (
          <PageLoader label="Loading alert settings" />
        ) : !table || !data ? (
          // Not a second alert: the profile above says what is wrong with the connection.
          <Group gap="sm">
            <Text size="sm">{error ? 'Alert settings could not be loaded.' : 'Loading alert settings'}</Text>
            {/* Its own name: the profile's Retry above is the screen's. */}
            <Button variant="light" onClick={() => void refetch()}>
              Load alert settings again
            </Button>
          </Group>
        ) : (
          <>
            {table.kinds.map((row, index) => (
              <fieldset key={row.kind} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
                <Text component="legend" fw={600} size="sm" p={0}>
                  {alertKindLabels[row.kind]}
                </Text>
                <Group gap="md" wrap="wrap" style={{ rowGap: 0 }}>
                  {alertChannels.map((channel) => (
                    <Checkbox
                      key={channel}
                      size="md"
                      styles={roomy}
                      label={alertChannelLabels[channel]}
                      checked={row.channels[channel]}
                      onChange={(event) => setChannel(index, channel, event.currentTarget.checked)}
                    />
                  ))}
                  <Checkbox
                    size="md"
                    styles={roomy}
                    label="Urgent"
                    checked={row.urgent}
                    onChange={(event) => setUrgent(index, event.currentTarget.checked)}
                  />
                </Group>
              </fieldset>
            ))}

            <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
              <Text component="legend" fw={600} size="sm" p={0}>
                Quiet hours
              </Text>
              <Text size="sm" c="dimmed" mb="xs">
                SMS, email and phone notifications wait until quiet hours end, except urgent ones. The bell in the app
                always shows them at once.
              </Text>
              <Group gap="sm" wrap="wrap" align="flex-end">
                <TextInput
                  type="time"
                  label="From"
                  value={table.quiet_start}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setTable((current) => ({ ...current, quiet_start: value }));
                  }}
                  required
                />
                <TextInput
                  type="time"
                  label="Until"
                  value={table.quiet_end}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setTable((current) => ({ ...current, quiet_end: value }));
                  }}
                  required
                />
              </Group>
            </fieldset>

            <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
              <Text component="legend" fw={600} size="sm" p={0}>
                Daily digest
              </Text>
              <Text size="sm" c="dimmed" mb="xs">
                One message a day with everything new, instead of one message per alert.
              </Text>
              <Stack gap="xs">
                {digestChannels.map((channel) => {
                  const time = table.digest[channel];
                  return (
                    <Group key={channel} gap="sm" wrap="wrap" align="center">
                      <Checkbox
                        size="md"
                        styles={roomy}
                        label={`${alertChannelLabels[channel]} digest`}
                        checked={time !== null}
                        onChange={(event) => setDigest(channel, event.currentTarget.checked ? defaultDigestTime : null)}
                      />
                      {time !== null && (
                        <TextInput
                          type="time"
                          aria-label={`${alertChannelLabels[channel]} digest time`}
                          value={time}
                          onChange={(event) => setDigest(channel, event.currentTarget.value)}
                          required
                        />
                      )}
                    </Group>
                  );
                })}
              </Stack>
            </fieldset>

            {!data.has_email && (
              <Alert color="yellow" variant="light">
                Your profile has no email address, so email alerts cannot reach you. Your institute can add one.
              </Alert>
            )}
            {data.push_key && canPush() && (
              <Group gap="sm" wrap="wrap">
                {/* Two lines on a narrow phone rather than a cut label. */}
                <Button
                  variant="light"
                  h="auto"
                  mih={44}
                  py={6}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                  onClick={() => void turnOnPush()}
                  disabled={pushState === 'on'}
                >
                  Get phone notifications on this device
                </Button>
                <Text size="sm" role="status">
                  {pushState === 'on'
                    ? 'This device will get phone notifications.'
                    : pushState === 'refused'
                      ? 'Notifications are blocked for this site: allow them in the browser’s settings.'
                      : pushState === 'failed'
                        ? 'This device could not be set up for notifications. Please try again.'
                        : ''}
                </Text>
              </Group>
            )}
            <Group>
              <Button onClick={() => void submit()} loading={save.isPending}>
                Save alert settings
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
