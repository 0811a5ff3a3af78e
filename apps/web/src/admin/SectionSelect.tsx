import { NativeSelect } from "@chakra-ui/react";
import { SECTION_NUMBERS } from "@jcba/domain";

/** A select of the contract's sections, 'Section 1' to 'Section 32', after an optional first choice. */
export function SectionSelect({
  value,
  onChange,
  testId,
  first,
}: {
  value: string;
  onChange: (value: string) => void;
  testId: string;
  /** A choice before the sections: 'All Sections', 'None'. */
  first?: { value: string; label: string };
}) {
  return (
    <NativeSelect.Root size="lg">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
        {first && <option value={first.value}>{first.label}</option>}
        {SECTION_NUMBERS.map((n) => (
          <option key={n} value={String(n)}>
            Section {n}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
