import { describe, expect, it } from 'vitest';
import { registrationFormSchema } from '@tdk/api/contract';
import { loadLanguage, translator } from '@tdk/shared-ui';
import { validationText } from '@tdk/shared-ui/forms';
import { checkRegistration, emptyRegistration, type RegistrationValues } from './validation';
import '../i18n';

const wordsIn = (language: 'en' | 'hi' | 'mr') => ({
  t: translator(language, 'storefront'),
  text: validationText(translator(language, 'validation')),
});
const english = wordsIn('en');

const valid = (): RegistrationValues => ({
  ...emptyRegistration(),
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  phone: '98200 12345',
  age: '24',
  emergencyContact: 'Ravi Rao',
  emergencyPhone: '+91 98200-54321'.replace('+91 ', ''),
});

describe('registration form defaults', () => {
  it('start as SPEC.md section 3 says', async () => {
    expect(emptyRegistration()).toMatchObject({ gender: 'male', tshirtSize: 'M', experience: 'beginner', bloodGroup: '' });
  });
});

describe('checkRegistration', () => {
  it.each(['fullName', 'email', 'phone'] as const)('asks for missing information when %s is empty', async (field) => {
    const result = await checkRegistration({ ...valid(), [field]: '  ' }, 1, english);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.toast).toEqual({ title: 'Missing information', description: 'Please fill in all required fields' });
    }
  });

  it('reports missing information before missing tickets', async () => {
    const result = await checkRegistration(emptyRegistration(), 0, english);
    expect(!result.ok && result.toast).toEqual({
      title: 'Missing information',
      description: 'Please fill in all required fields',
    });
    expect(!result.ok && result.errors).toMatchObject({
      fullName: 'Full name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      age: 'Age is required',
      emergencyContact: 'Emergency contact is required',
      emergencyPhone: 'Emergency phone is required',
    });
  });

  it('asks for a ticket when none is selected', async () => {
    const result = await checkRegistration(valid(), 0, english);
    expect(!result.ok && result.toast).toEqual({
      title: 'No tickets selected',
      description: 'Please select at least one ticket to continue',
    });
  });

  it.each([
    [{ email: 'asha@example' }, 'email', 'Invalid email format'],
    [{ phone: '98200 1234' }, 'phone', 'Phone number must be 10 digits'],
    [{ age: '15' }, 'age', 'You must be at least 16 years old'],
    [{ emergencyContact: '' }, 'emergencyContact', 'Emergency contact is required'],
    [{ emergencyPhone: '12345' }, 'emergencyPhone', 'Emergency phone must be 10 digits'],
  ])('rejects %o with the message for %s', async (change, field, message) => {
    const result = await checkRegistration({ ...valid(), ...change }, 2, english);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors[field as keyof RegistrationValues]).toBe(message);
      expect(result.toast.description).toBe(message);
    }
  });

  it('accepts a complete form and returns what the payments API expects', async () => {
    const result = await checkRegistration({ ...valid(), bloodGroup: 'O+' }, 1, english);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.form).toMatchObject({
        fullName: 'Asha Rao',
        age: 24,
        gender: 'male',
        tshirtSize: 'M',
        bloodGroup: 'O+',
        experience: 'beginner',
      });
      expect(registrationFormSchema.safeParse(result.form).success).toBe(true);
    }
  });

  it('counts phone digits after removing everything else', async () => {
    expect((await checkRegistration({ ...valid(), phone: '(982) 001-2345' }, 1, english)).ok).toBe(true);
  });
});

describe('checkRegistration in Hindi and Marathi', () => {
  it('says the toast and the contract’s field messages in the page’s language', async () => {
    await Promise.all([loadLanguage('hi'), loadLanguage('mr')]);
    const hindi = await checkRegistration({ ...valid(), phone: '98200 1234' }, 2, wordsIn('hi'));
    expect(!hindi.ok && hindi.errors.phone).toBe('फ़ोन नंबर 10 अंकों का होना चाहिए');
    expect(!hindi.ok && hindi.toast.title).toBe('कृपया अपनी जानकारी जाँचें');
    const marathi = await checkRegistration({ ...valid(), age: '15' }, 2, wordsIn('mr'));
    expect(!marathi.ok && marathi.errors.age).toBe('आपले वय किमान 16 वर्षे असावे');
  });
});
