// The sign-in pages' frame: the centred panel on the brand's soft gradient, the platform's name
// linking home, and the error line (the login page and the forgotten-password pages).
import { Link } from '@tdk/shared-ui/router';
import styled from 'styled-components';

export const Page = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 16px;
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.primarySoft}, ${({ theme }) => theme.colors.secondarySoft});
`;

export const Panel = styled.form`
  width: 100%;
  max-width: 400px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.xl};
  padding: 32px 28px;
  box-shadow: ${({ theme }) => theme.shadows.lg};
  display: grid;
  gap: 16px;
  h1 {
    margin: 0;
    font-size: 1.5rem;
  }
  p {
    margin: -8px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Logo = styled(Link)`
  font-weight: 800;
  font-size: 1.25rem;
  color: ${({ theme }) => theme.colors.primaryText};
  text-decoration: none;
`;

export const ErrorText = styled.p`
  && {
    margin: 0;
    color: ${({ theme }) => theme.colors.dangerHover};
    background: ${({ theme }) => theme.tones.red.bg};
    border-radius: ${({ theme }) => theme.radii.sm};
    padding: 10px 12px;
  }
`;

// A line for a visitor who came to sign in for their tickets: this page is for staff.
export const Visitors = styled.p`
  && {
    margin: 8px 0 0;
    padding-top: 12px;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    font-size: 0.9rem;
  }
`;
