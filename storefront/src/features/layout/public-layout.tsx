import { Link, Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { useConfig, useSession } from '@tdk/shared-ui';

export function PublicLayout() {
  const config = useConfig();
  const session = useSession();
  return (
    <>
      <Header>
        <Logo to="/" aria-label={`${config.platformName} home`}>
          {config.platformName}
        </Logo>
        <Nav aria-label="Main">
          <Link to="/events">All Events</Link>
          {session.status === 'signed-in' ? <Link to="/admin">Admin</Link> : <Link to="/login">Login</Link>}
        </Nav>
      </Header>
      <Outlet />
      <Footer>
        <p>
          © {new Date().getFullYear()} {config.platformName}. Sports events across India.
        </p>
      </Footer>
    </>
  );
}

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  display: flex;
  align-items: center;
  gap: 16px;
  padding: 12px clamp(12px, 4vw, 40px);
  background: #fff;
  border-bottom: 1px solid #eee;
`;

const Logo = styled(Link)`
  font-weight: 800;
  font-size: 1.3rem;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: none;
`;

const Nav = styled.nav`
  margin-left: auto;
  display: flex;
  gap: 20px;
  a {
    color: #1f2937;
    font-weight: 600;
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Footer = styled.footer`
  margin-top: 48px;
  padding: 32px clamp(12px, 4vw, 40px);
  background: #111827;
  color: #9ca3af;
`;
