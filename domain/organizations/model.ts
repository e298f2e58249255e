/**
 * The organization's model: an organization, its owners (the people or programs keys are issued to) and its API keys
 * with their grants. storage/ maps rows to these types (organizations.ts, owners.ts, apiKeys.ts).
 */

export interface ApiKey {
  id: string;
  organizationId: string;
  ownerId: string;
  prefix: string;
  permissions: string[];
  environments: string[];
  ipAllowlist: string[];
  expiresAt: string | null;
  revoked: boolean;
  createdAt: string;
}

/** The key joined with what authentication needs to know about its owner. */
export interface ApiKeyWithOwner extends ApiKey {
  ownerEmail: string;
  ownerDisabled: boolean;
}

export interface NewApiKey {
  organizationId: string;
  ownerId: string;
  permissions: string[];
  environments: string[];
  ipAllowlist: string[];
  expiresAt: string | null;
  /** Use this secret instead of a random one (bootstrap key from the environment). */
  secret?: string;
}

export interface ApiKeyGrants {
  permissions?: string[];
  environments?: string[];
  ipAllowlist?: string[];
}

export interface Owner {
  id: string;
  organizationId: string;
  email: string;
  disabled: boolean;
  createdAt: string;
}

export interface Organization {
  id: string;
  name: string;
  createdAt: string;
}
