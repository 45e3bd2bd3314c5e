import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_IDS } from '@tdk/api/contract';
import { peekFirstScreenResponse, setFirstScreenResponses, withFirstScreenResponses } from './first-screen';

function servePage(answers: Record<string, unknown>) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_SCREEN_IDS.responses;
  block.textContent = JSON.stringify(answers);
  document.body.append(block);
  setFirstScreenResponses(undefined);
}

afterEach(() => {
  document.getElementById(FIRST_SCREEN_IDS.responses)?.remove();
  setFirstScreenResponses(undefined);
  vi.restoreAllMocks();
});

describe('answers the page was served with', () => {
  it('answers a GET the page holds once, from the page; the next one goes to the network', async () => {
    servePage({ '/api/events?city=Pune&q=run': { events: [{ id: 1 }] } });
    const network = vi.fn(async () => new Response('{"events":[]}', { headers: { 'Content-Type': 'application/json' } }));
    const fetchWithPage = withFirstScreenResponses(network);

    const first = await fetchWithPage('/api/events?q=run&city=Pune');
    expect(await first.json()).toEqual({ events: [{ id: 1 }] });
    expect(network).not.toHaveBeenCalled();

    await fetchWithPage('/api/events?q=run&city=Pune');
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('never answers a write, another request or another origin from the page', async () => {
    servePage({ '/api/config': { platformName: 'TDK' } });
    const network = vi.fn(async () => new Response('{}'));
    const fetchWithPage = withFirstScreenResponses(network);
    await fetchWithPage('/api/config', { method: 'POST', body: '{}' });
    await fetchWithPage('https://elsewhere.example/api/config');
    await fetchWithPage('/api/events');
    expect(network).toHaveBeenCalledTimes(3);
    expect(peekFirstScreenResponse('/api/config')).toEqual({ platformName: 'TDK' });
  });

  it('lets a screen read an answer synchronously without using it up', () => {
    servePage({ '/api/events/3': { event: { id: 3 } } });
    expect(peekFirstScreenResponse('/api/events/3')).toEqual({ event: { id: 3 } });
    expect(peekFirstScreenResponse('/api/events/3')).toEqual({ event: { id: 3 } });
    expect(peekFirstScreenResponse('/api/events/4')).toBeUndefined();
  });

  it('stops standing in for requests once the page is no longer fresh', async () => {
    servePage({ '/api/config': { platformName: 'TDK' } });
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    const network = vi.fn(async () => new Response('{}'));
    await withFirstScreenResponses(network)('/api/config');
    expect(network).toHaveBeenCalledTimes(1);
    expect(peekFirstScreenResponse('/api/config')).toBeUndefined();
  });

  it('ignores a page whose answers do not parse', async () => {
    servePage({});
    document.getElementById(FIRST_SCREEN_IDS.responses)!.textContent = '{not json';
    setFirstScreenResponses(undefined);
    expect(peekFirstScreenResponse('/api/config')).toBeUndefined();
  });
});
