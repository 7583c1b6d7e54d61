import {
  anyStatus,
  assignmentsLabel,
  emptyAssignmentsText,
  filterAssignments,
  pastTabParam,
} from '@campus/domain/assignments/assignment-list';
import { ongoingFilters, pastFilters } from '@campus/domain/assignments/assignment-rules';
import type { AssignmentListItem } from '@campus/domain/assignments/assignments.contract';
import { homePages } from '@campus/domain/home/home.page';
import { NativeSelect, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isUnanswered, LoadFailure } from '../../../components/load-failure.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import type { StoredSession } from '../../../lib/session.ts';
import { useAssignments } from '../api/get-assignments.ts';
import { AssignmentCard } from './assignment-card.tsx';
import { showFailureToast } from '../../../components/toast.ts';

type Tab = 'ongoing' | 'past';

const noAssignments: AssignmentListItem[] = [];

/**
 * /assignment (spec part 1 §2): Ongoing and Past tabs with counts, a status dropdown per tab, a search over
 * title, subject and course, and the cards. `?open=999` opens Past. A load failure shows the server's message
 * and returns to the dashboard (spec part 1 §8).
 */
export function AssignmentList({ session }: { session: StoredSession }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const isSchool = session.is_institute_type_school;
  const query = useAssignments(session);
  // The tab lives in the address (?open=999 is Past): back from an assignment, or a reload, keeps it (defect 5).
  const [tab, showTab] = useState<Tab>(params.get('open') === pastTabParam ? 'past' : 'ongoing');
  const setTab = (next: Tab) => {
    showTab(next);
    void setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'past') updated.set('open', pastTabParam);
        else updated.delete('open');
        return updated;
      },
      { replace: true },
    );
  };
  const [statusByTab, setStatusByTab] = useState<Record<Tab, string>>({ ongoing: anyStatus, past: anyStatus });
  const [search, setSearch] = useState('');

  useEffect(() => {
    // Only a failed first load leaves; a failed background refresh keeps what is shown.
    if (!query.error || query.data || isUnanswered(query.error)) return;
    showFailureToast(query.error);
    void navigate(homePages.dashboard, { replace: true });
  }, [query.error, query.data, navigate]);

  const ongoing = query.data?.upcoming_online_assignment_list ?? noAssignments;
  const past = query.data?.past_online_assignment_list ?? noAssignments;
  const label = assignmentsLabel(isSchool);

  const renderTab = (value: Tab, items: AssignmentListItem[]) => {
    const shown = filterAssignments(items, statusByTab[value], search, value === 'past');
    if (shown.length === 0) {
      return (
        <Text ta="center" py="xl">
          {emptyAssignmentsText(items.length, isSchool)}
        </Text>
      );
    }
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {shown.map((assignment) => (
          <AssignmentCard
            key={assignment.file_id}
            assignment={assignment}
            isOngoing={value === 'ongoing'}
            isSchool={isSchool}
          />
        ))}
      </SimpleGrid>
    );
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {label}
      </Title>
      {query.isPending && session.student_id !== null ? (
        <PageLoader label={`Loading ${label}`} />
      ) : !query.data && isUnanswered(query.error) ? (
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Tabs value={tab} onChange={(value) => setTab(value === 'past' ? 'past' : 'ongoing')} keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="ongoing">Ongoing ({ongoing.length})</Tabs.Tab>
            <Tabs.Tab value="past">Past ({past.length})</Tabs.Tab>
          </Tabs.List>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" my="md">
            <NativeSelect
              label="Status"
              data={[...(tab === 'past' ? pastFilters : ongoingFilters)]}
              value={statusByTab[tab]}
              onChange={(event) => {
                const status = event.currentTarget.value;
                setStatusByTab((current) => ({ ...current, [tab]: status }));
              }}
            />
            <TextInput
              type="search"
              label="Search"
              placeholder="Title, subject or course"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
          </SimpleGrid>
          <Tabs.Panel value="ongoing">{renderTab('ongoing', ongoing)}</Tabs.Panel>
          <Tabs.Panel value="past">{renderTab('past', past)}</Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
