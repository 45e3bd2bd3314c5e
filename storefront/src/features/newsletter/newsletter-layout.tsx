import styled from 'styled-components';

// The newsletter form's layout, shared by the form and its stand-in in the footer
// (deferred-newsletter-form.tsx), so the one takes the other's place without a shift.

/** The e-mail box's attributes, the same on the form and its stand-in. */
export const EMAIL_INPUT = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  placeholder: 'you@example.com',
} as const;

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  label {
    color: ${({ theme }) => theme.colors.onInverse};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};

  input {
    flex: 1 1 200px;
  }
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.tones.red.border};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
