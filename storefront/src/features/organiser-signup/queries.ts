import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  OrganisationSignupInput,
  OrganisationSignupResponse,
  OrganisationSignupVerifyResponse,
  OrganiserSignupTerms,
  SlugAvailability,
} from '@tdk/api/contract/organisations';
import { callApi, useApiClient, useFirstScreenResponse, type ApiError } from '@tdk/shared-ui';

// Public data under 'public' (shared-ui's query-keys rule), named here: the sign-up's own.
const signupKeys = {
  terms: ['public', 'organiser-signup', 'terms'] as const,
  slug: (slug: string) => ['public', 'organiser-signup', 'slug', slug] as const,
};

/** GET /api/organisers/signup: the commission and review the page states; it may come with the page. */
export function useSignupTerms() {
  const client = useApiClient();
  const firstScreen = useFirstScreenResponse();
  return useQuery({
    queryKey: signupKeys.terms,
    queryFn: async ({ signal }) =>
      (await callApi(client.api.organisers.signup.$get(undefined, { init: { signal } }))) as OrganiserSignupTerms,
    initialData: () => firstScreen(client.api.organisers.signup.$path()) as OrganiserSignupTerms | undefined,
  });
}

/** GET /api/organisers/signup/slug-available for a settled web address; nothing asked for '' or while disabled. */
export function useSlugAvailability(slug: string, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: signupKeys.slug(slug),
    queryFn: async ({ signal }) =>
      (await callApi(
        client.api.organisers.signup['slug-available'].$get({ query: { slug } }, { init: { signal } }),
      )) as SlugAvailability,
    enabled: enabled && slug !== '',
    staleTime: 30_000,
  });
}

/** POST /api/organisers/signup: 202 and a link mailed to the admin's address. */
export function useSignUp() {
  const client = useApiClient();
  return useMutation<OrganisationSignupResponse, ApiError, OrganisationSignupInput>({
    mutationFn: async (json) => (await callApi(client.api.organisers.signup.$post({ json }))) as OrganisationSignupResponse,
  });
}

/** POST /api/organisers/signup/verify: the link's token; creates the organisation and signs its admin in. */
export function useVerifySignup() {
  const client = useApiClient();
  return useMutation<OrganisationSignupVerifyResponse, ApiError, string>({
    mutationFn: async (token) =>
      (await callApi(client.api.organisers.signup.verify.$post({ json: { token } }))) as OrganisationSignupVerifyResponse,
  });
}
