import { describe, expect, it } from 'vitest';
import { messageParts, slot } from './message-slots';

describe('messageParts', () => {
  it('splits a message at its slots, wherever the language puts them', () => {
    expect(messageParts(`By paying you agree to the ${slot('terms')} and the ${slot('refunds')}.`)).toEqual([
      { text: 'By paying you agree to the ' },
      { slot: 'terms' },
      { text: ' and the ' },
      { slot: 'refunds' },
      { text: '.' },
    ]);
    expect(messageParts(`${slot('terms')} और ${slot('refunds')} स्वीकार हैं`)).toEqual([
      { slot: 'terms' },
      { text: ' और ' },
      { slot: 'refunds' },
      { text: ' स्वीकार हैं' },
    ]);
  });

  it('leaves a message without slots as it is', () => {
    expect(messageParts('Plain words')).toEqual([{ text: 'Plain words' }]);
  });
});
