// The platform's router, one shared singleton (decision 016): only what the shell and the remotes
// use, so the first load carries that much of React Router and not all of it (data routers,
// framework mode, server components). A remote needing more adds it here.
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigationType,
  useNavigate,
  useParams,
} from 'react-router-dom';
export { useSearchParams } from './search-params';
export type { LinkProps, NavLinkProps, NavigateFunction, SetURLSearchParams } from 'react-router-dom';
export { PageScroll } from './page-scroll';
