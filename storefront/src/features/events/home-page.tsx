import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { EventGrid } from './event-grid';

export function HomePage() {
  return (
    <>
      <Hero>
        <h1>Find your next sports event</h1>
        <p>Marathons, cricket leagues, football tournaments and more across India.</p>
      </Hero>
      <EventGrid title="Popular Events" />
      <ViewAll>
        <Link to="/events">View All</Link>
      </ViewAll>
    </>
  );
}

const Hero = styled.section`
  padding: 64px clamp(12px, 4vw, 40px);
  color: #fff;
  background: linear-gradient(120deg, #111827 10%, #ff6b35 120%);
  h1 {
    margin: 0 0 8px;
    font-size: clamp(1.8rem, 5vw, 3rem);
  }
  p {
    margin: 0;
    opacity: 0.9;
  }
`;

const ViewAll = styled.div`
  text-align: center;
  a {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.primary};
  }
`;
