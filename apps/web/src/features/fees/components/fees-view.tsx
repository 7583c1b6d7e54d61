import type { FeeSummary } from '@campus/domain/fees/fees.contract';
import {
  dueDetailsColumns,
  dueInstallments,
  feeDateCell,
  feeMoneyCell,
  feesTabLoaderMs,
  feesTexts,
  feeTextCell,
  keyColumnsFirst,
  listedInstallmentStatus,
  paymentHistoryColumns,
} from '@campus/domain/fees/fees-rules';
import {
  Badge,
  Button,
  Loader,
  Center,
  Flex,
  Group,
  Paper,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useAddressParam } from '../../../lib/address-state.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { useDownloadReceipt } from '../api/download-receipt.ts';
import { feesYearOf, initialFeesYear, useFees } from '../api/get-fees.ts';
import { NoData } from './no-data.tsx';

type Tab = 'due' | 'history';

// Light badges write in the theme's shade 8 on their own tint: yellow's and teal's are too pale for AA (4.5:1),
// grape's is not.
const statusColours: Record<string, string> = { Overdue: 'red', 'Partially Paid': 'grape', Due: 'blue' };

/** A table of `columns`, one row per item, or 'No Data Available' when there are none. */
function FeeTable<K extends string, T>({
  label,
  columns,
  rows,
  cell,
  rowKey,
}: {
  label: string;
  columns: { key: K; label: string }[];
  rows: T[];
  cell: (row: T, key: K) => ReactNode;
  rowKey: (row: T, index: number) => string;
}) {
  // A phone sees the key columns first (the installment, its status and balance); wider screens the spec's order.
  const isPhone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const shown = isPhone ? keyColumnsFirst(columns) : columns;
  if (rows.length === 0) return <NoData />;
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {shown.map((column) => (
              <Table.Th key={column.key}>{column.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row, index)}>
              {shown.map((column) => (
                // A date or a sum on one line ('16-10-2026', not three); the table scrolls in its box instead.
                <Table.Td key={column.key} style={{ whiteSpace: 'nowrap' }}>
                  {cell(row, column.key)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Fees (spec part 2 §2.7): the three summary cards, an academic year dropdown (when the institute lists years),
 * and the Due Details and Payment History tabs, each switch showing a loader for 800 ms. Standard shows for
 * schools, Batch for other institutes only with a linked fee structure, Fine Amount only when a fine is configured,
 * Download Receipt only with the institute's receipt option. A load failure is logged only and the loader hidden (§8).
 */
export function FeesView({ session }: { session: StoredSession }) {
  // The tab and the year live in the address (?tab=history&year=3): a reload or Back from a receipt keeps them.
  const [yearId, setYearId] = useAddressParam<number | null>(
    'year',
    (raw) => feesYearOf(session, raw),
    (id) => (id === null || id === initialFeesYear(session) ? null : String(id)),
  );
  const [tab, setTab] = useAddressParam<Tab>(
    'tab',
    (raw) => (raw === 'history' ? 'history' : 'due'),
    (value) => (value === 'history' ? 'history' : null),
  );
  const [switching, setSwitching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { data, error, isLoading } = useFees(session, yearId);
  const download = useDownloadReceipt();

  useEffect(() => {
    if (error) console.error('Fees failed to load', error);
  }, [error]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const changeTab = (next: string | null) => {
    if (!next || next === tab) return;
    setTab(next as Tab);
    setSwitching(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSwitching(false), feesTabLoaderMs);
  };

  const isSchool = session.is_institute_type_school;
  const isFeeStructLinked = session.inst_set_up.is_fee_struct_linked;
  const summary: FeeSummary | undefined = data;
  const group = (row: { stnd_n: string | null; c_n: string | null }) => feeTextCell(isSchool ? row.stnd_n : row.c_n);
  const cards = [
    { label: feesTexts.totalFees, value: summary?.total_fee_amount },
    { label: feesTexts.paidFees, value: summary?.total_paid_amount },
    { label: feesTexts.dueFees, value: summary?.total_unpaid_amount },
  ];
  const years = session.acad_year_list;

  const body = () => {
    if (isLoading || switching) {
      return (
        <Center py="xl">
          <Loader aria-label="Loading fees" />
        </Center>
      );
    }
    if (tab === 'due') {
      const columns = dueDetailsColumns({
        isSchool,
        isFeeStructLinked,
        isFineConfigured: summary?.is_fine_configured ?? false,
      });
      return (
        <FeeTable
          label={feesTexts.dueDetails}
          columns={columns}
          rows={dueInstallments(summary?.a_install_li ?? [])}
          rowKey={(row) => String(row.install_no)}
          cell={(row, key) => {
            switch (key) {
              case 'install_no':
                return row.install_no;
              case 'd_date':
                return feeDateCell(row.d_date);
              case 'group':
                return group(row);
              case 't_amount':
                return feeMoneyCell(row.t_amount);
              case 'balance_fine':
                return feeMoneyCell(row.balance_fine);
              case 'd_amount':
                return feeMoneyCell(row.d_amount);
              case 'status': {
                const status = listedInstallmentStatus(row);
                return (
                  // The whole status, never 'Partially P…': the table scrolls in its box instead.
                  <Badge
                    color={statusColours[status] ?? 'gray'}
                    variant="light"
                    style={{ overflow: 'visible' }}
                    styles={{ label: { overflow: 'visible' } }}
                  >
                    {status}
                  </Badge>
                );
              }
            }
          }}
        />
      );
    }
    const columns = paymentHistoryColumns({
      isSchool,
      isFeeStructLinked,
      isReceiptEnabled: session.inst_set_up.student_fee_receipt_option,
    });
    return (
      <FeeTable
        label={feesTexts.paymentHistory}
        columns={columns}
        rows={summary?.p_install_li ?? []}
        rowKey={(row, index) => `${row.f_rec_no}-${index}`}
        cell={(row, key) => {
          switch (key) {
            case 'install_nos':
              return feeTextCell(row.install_nos);
            case 'p_date':
              return feeDateCell(row.p_date);
            case 'group':
              return group(row);
            case 'p_method':
              return feeTextCell(row.p_method);
            case 'f_rec_no':
              return feeTextCell(row.f_rec_no);
            case 'p_amount':
              return feeMoneyCell(row.p_amount);
            case 'd_amount':
              return feeMoneyCell(row.d_amount);
            case 'receipt':
              return row.f_rec_no && yearId !== null && session.student_id !== null ? (
                <Button
                  size="compact-sm"
                  variant="filled"
                  aria-label={`Download receipt ${row.f_rec_no}`}
                  loading={download.isPending && download.variables?.receiptNo === row.f_rec_no}
                  onClick={() =>
                    download.mutate({
                      studentId: session.student_id!,
                      receiptNo: row.f_rec_no,
                      financialYear: row.financial_yr,
                      academicYearId: yearId,
                    })
                  }
                >
                  Download
                </Button>
              ) : (
                feesTexts.dash
              );
          }
        }}
      />
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Fees
        </Title>
        {years.length > 0 && (
          <NativeSelect
            label="Academic Year"
            aria-label="Fees academic year"
            w={180}
            data={years.map((year) => ({ value: String(year.inst_acad_year_id), label: year.inst_acad_year }))}
            value={yearId === null ? '' : String(yearId)}
            onChange={(event) => setYearId(Number(event.currentTarget.value))}
          />
        )}
      </Group>
      {/* On a phone the three cards are three short rows, so the installments start on the first screen. */}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={{ base: 6, sm: 'md' }}>
        {cards.map((card) => (
          <Paper
            key={card.label}
            withBorder
            px="md"
            py={{ base: 6, sm: 'md' }}
            radius="md"
            aria-label={card.label}
            role="group"
          >
            <Flex
              direction={{ base: 'row', sm: 'column' }}
              justify="space-between"
              align={{ base: 'center', sm: 'flex-start' }}
            >
              <Text c="dimmed" size="sm">
                {card.label}
              </Text>
              <Text fw={700} fz={{ base: 'lg', sm: 'xl' }}>
                {feeMoneyCell(card.value)}
              </Text>
            </Flex>
          </Paper>
        ))}
      </SimpleGrid>
      <Tabs value={tab} onChange={changeTab}>
        <Tabs.List>
          <Tabs.Tab value="due">{feesTexts.dueDetails}</Tabs.Tab>
          <Tabs.Tab value="history">{feesTexts.paymentHistory}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {body()}
    </Stack>
  );
}
