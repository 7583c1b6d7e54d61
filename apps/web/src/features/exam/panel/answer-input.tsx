import { parseChoices, parseMatching } from '@campus/domain/exam/exam-rules';
import type { PaperQuestion } from '@campus/domain/exam/exam.contract';
import { stripTags } from '@campus/domain/shared/text';
import { Checkbox, Group, NativeSelect, Radio, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** A choice as a whole-width card at least 44 px high: a thumb anywhere on the row picks it. */
export const choiceCard = { withBorder: true, radius: 'md', p: 'sm', mih: 44 } as const;

/** The input of each question type (spec part 2 §9), writing the type's answer format. */
export function AnswerInput({
  question,
  value,
  onChange,
}: {
  question: PaperQuestion;
  value: string;
  onChange: (answer: string) => void;
}) {
  const label = `Answer to question ${question.question_no}`;
  switch (question.ques_type) {
    case 1:
    case 5:
      return (
        // The group is named by its label element (aria-label reaches no element); the question above is its visible label.
        <Radio.Group value={value} onChange={onChange} label={<VisuallyHidden>{label}</VisuallyHidden>}>
          <Stack gap={6}>
            {question.options.map((option) => (
              <Radio.Card key={option.letter} value={option.letter} {...choiceCard}>
                <Group gap="sm" wrap="nowrap">
                  <Radio.Indicator />
                  <OptionText letter={option.letter} html={option.text} />
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      );
    case 3: {
      const chosen = parseChoices(value);
      return (
        <Checkbox.Group
          value={chosen}
          onChange={(letters) => onChange([...letters].sort().join(','))}
          label={<VisuallyHidden>{label}</VisuallyHidden>}
        >
          <Stack gap={6}>
            {question.options.map((option) => (
              <Checkbox.Card key={option.letter} value={option.letter} {...choiceCard}>
                <Group gap="sm" wrap="nowrap">
                  <Checkbox.Indicator />
                  <OptionText letter={option.letter} html={option.text} />
                </Group>
              </Checkbox.Card>
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
    case 6:
    case 7: {
      const pairs = parseMatching(question.ques_type, value);
      const choices = question.match_options.map((option) => ({
        value: option.letter,
        label: `${option.letter}. ${stripTags(option.text)}`,
      }));
      const write = (left: string, right: string | null) => {
        const next = new Map(pairs);
        if (right) next.set(left, right);
        else next.delete(left);
        onChange(
          question.ques_type === 6
            ? question.options.map((option) => `${option.letter}=${next.get(option.letter) ?? ''}`).join('|')
            : question.options.map((option) => next.get(option.letter) ?? '').join(','),
        );
      };
      return (
        <Stack gap={6} aria-label={label}>
          {question.options.map((option) => (
            // Side by side where there is room, stacked on a phone: never wider than the screen.
            <Group key={option.letter} gap="xs" align="center">
              <Text style={{ flex: '1 1 10rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                {option.letter}. {stripTags(option.text)}
              </Text>
              <NativeSelect
                aria-label={`Match for ${option.letter}`}
                data={[{ value: '', label: '—' }, ...choices]}
                value={pairs.get(option.letter) ?? ''}
                onChange={(event) => write(option.letter, event.currentTarget.value || null)}
                size="md"
                style={{ flex: '1 1 12rem', minWidth: 0 }}
              />
            </Group>
          ))}
        </Stack>
      );
    }
    default:
      return <SubjectiveInput label={label} value={value} onChange={onChange} />;
  }
}

/** A written answer: saved a second after typing pauses, and at once when the field is left. */
function SubjectiveInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (answer: string) => void;
}) {
  const [text, setText] = useState(value);
  const timer = useRef<number | undefined>(undefined);
  const sent = useRef(value);
  const send = (next: string) => {
    window.clearTimeout(timer.current);
    if (next === sent.current) return;
    sent.current = next;
    onChange(next);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <Textarea
      label={label}
      rows={6}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => send(next), 1000);
      }}
      onBlur={() => send(text)}
    />
  );
}

function OptionText({ letter, html }: { letter: string; html: string }) {
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Text span fw={600}>
        {letter}.
      </Text>
      <span style={{ minWidth: 0, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />
    </Group>
  );
}
