/** `npm run client:generate`: writes clients/typescript/schema.d.ts from the service's GET /openapi.json. */
import { writeFileSync } from 'node:fs';
import { CLIENT_SCHEMA_PATH, clientSchemaSource, servedOpenApiDocument } from './clientSchema.ts';

const source = await clientSchemaSource(await servedOpenApiDocument());
writeFileSync(CLIENT_SCHEMA_PATH, source);
console.log(`wrote ${CLIENT_SCHEMA_PATH} (${source.split('\n').length} lines)`);
