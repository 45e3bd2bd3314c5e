/** The `<option>`s of a Select from a list of values, each labelled by itself or by `label`. */
export function Options<T extends string | number>({ values, label }: { values: readonly T[]; label?: (value: T) => string }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {label ? label(value) : value}
        </option>
      ))}
    </>
  );
}
