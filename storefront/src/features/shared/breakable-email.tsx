import { Fragment } from 'react';

/** 'asha.rao@example.com' → ['asha.', 'rao@', 'example.', 'com']: where a long address may wrap. */
export const emailBreakPoints = (email: string): string[] => email.split(/(?<=[@.])/);

/**
 * An e-mail address that wraps after its '@' and dots on a narrow screen, not in the middle of a
 * word (the container keeps `overflow-wrap: break-word` as a last resort for one very long part).
 */
export function BreakableEmail({ email }: { email: string }) {
  return (
    <>
      {emailBreakPoints(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
