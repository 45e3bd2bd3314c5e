import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_IDS } from '@tdk/api/contract';
import { createApiClient } from './api-client';
import { peekFirstScreenResponse, setFirstScreenResponses } from './first-screen';

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
  it('never answers a request from the page: a refetch gets what the API says now', async () => {
    servePage({ '/api/events/3/tickets': { tickets: [{ id: 1, sold: 10 }] } });
    const network = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('{"tickets":[{"id":1,"sold":50}]}', { headers: { 'Content-Type': 'application/json' } }));
    const client = createApiClient();
    const answer = await client.api.events[':id'].tickets.$get({ param: { id: '3' } });
    expect(await answer.json()).toEqual({ tickets: [{ id: 1, sold: 50 }] });
    expect(network).toHaveBeenCalledTimes(1);
    expect(peekFirstScreenResponse('/api/events/3/tickets')).toEqual({ tickets: [{ id: 1, sold: 10 }] });
  });

  it('lets a screen read an answer synchronously without using it up', () => {
    servePage({ '/api/events/3': { event: { id: 3 } } });
    expect(peekFirstScreenResponse('/api/events/3')).toEqual({ event: { id: 3 } });
    expect(peekFirstScreenResponse('/api/events/3')).toEqual({ event: { id: 3 } });
    expect(peekFirstScreenResponse('/api/events/4')).toBeUndefined();
  });

  it('stops standing in for requests once the page is no longer fresh', () => {
    servePage({ '/api/config': { platformName: 'TDK' } });
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    expect(peekFirstScreenResponse('/api/config')).toBeUndefined();
  });

  it('ignores a page whose answers do not parse', async () => {
    servePage({});
    document.getElementById(FIRST_SCREEN_IDS.responses)!.textContent = '{not json';
    setFirstScreenResponses(undefined);
    expect(peekFirstScreenResponse('/api/config')).toBeUndefined();
  });
});
