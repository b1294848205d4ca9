// The dependency rule, exercised through ESLint with the project's own layer table and config.
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { layers } from '../../eslint.config.js';
import rule from './eslint-rules/layer-imports.mjs';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = '/project';
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });
const at = (file, code, errors) => ({ filename: `${root}/${file}`, code, options: [{ root, layers }], ...(errors ? { errors } : {}) });
const layer = (from, to) => ({ message: new RegExp(`^${from} must not import ${to} \\(`) });
const pkg = { messageId: 'pkg' };

tester.run('architecture/layer-imports', rule, {
  valid: [
    at('machines/cart.machine.ts', "import { setup } from 'xstate';\nimport * as v from 'valibot';"),
    at('machines/cart.machine.ts', "import { toPath } from './lib/locale-path';"),
    at('machines/lib/locale-path.ts', "import { x } from '../schemas/contact.schema';"),
    at('machines/cart.machine.ts', "import type { Cart } from '../services/cart.service';"),
    at('machines/lib/x.ts', "import type { Cart } from '../../services/cart.service';\nexport type { Order } from '../../services/order.service';"),
    at('machines/cart.machine.test.ts', "import { test } from 'vitest';\nimport { getShortestPaths } from 'xstate/graph';"),
    at('services/cart.service.ts', "import { gql } from 'graphql-request';\nimport { client } from './client';\nimport type { TadaDocumentNode } from 'gql.tada';"),
    at('services/cart.service.ts', "import { graphql } from './generated/graphql';"),
    at('src/components/cart/cart-badge.tsx', "import { useSelector } from '@xstate/react';\nimport { useLocale } from '../../hooks/use-locale';\nimport { cartMachine } from '../../../machines/cart.machine';"),
    at('src/components/cart/cart-badge.tsx', "import type { Cart } from '../../../services/cart.service';"),
    at('src/routes/product.tsx', "import { getProduct } from '../../services/catalogue.service';"),
    at('src/layouts/default-layout.tsx', "import { getHeaderFacets } from '../../services/catalogue.service';"),
    at('src/app/actors.ts', "import { fetchActiveOrder } from '../../services/cart.service';\nimport { cartMachine } from '../../machines/cart.machine';"),
    at('server/src/index.ts', "import { bootstrap } from '@vendure/core';\nimport { config } from './vendure-config';"),
    at('tests/e2e/shell.spec.ts', "import { x } from '../../services/client';\nimport { y } from '../../server/src/index';"),
  ],
  invalid: [
    at('machines/cart.machine.ts', "import { useState } from 'react';", [pkg]),
    at('machines/cart.machine.ts', "import { addToCart } from '../services/cart.service';", [
      { messageId: 'layer', data: { from: 'machines', to: 'services', spec: '../services/cart.service', hint: ': only `import type` is allowed here' } },
    ]),
    at('machines/lib/x.ts', "import { type Cart } from '../../services/cart.service';", [layer('machines', 'services')]),
    at('machines/cart.machine.ts', "import { t } from '../src/i18n/i18n';", [layer('machines', 'src')]),
    at('machines/cart.machine.ts', "const m = await import('../services/cart.service');", [layer('machines', 'services')]),
    at('machines/cart.machine.ts', "import { request } from 'graphql-request';", [pkg]),
    at('machines/cart.machine.ts', "import { readFileSync } from 'node:fs';", [pkg]),
    at('services/cart.service.ts', "import { cartMachine } from '../machines/cart.machine';", [layer('services', 'machines')]),
    at('services/cart.service.ts', "import type { Locale } from '../src/i18n/locales';", [layer('services', 'src')]),
    at('services/cart.service.ts', "import { createActor } from 'xstate';", [pkg]),
    at('src/components/cart/cart-badge.tsx', "import { addToCart } from '../../../services/cart.service';", [layer('components', 'services')]),
    at('src/components/cart/cart-badge.tsx', "export { addToCart } from '../../../services/cart.service';", [layer('components', 'services')]),
    at('src/components/x.tsx', "import { config } from '../../server/src/vendure-config';", [layer('components', 'server')]),
    at('src/routes/product.tsx', "import { config } from '../../server/src/vendure-config';", [layer('src', 'server')]),
    at('server/src/plugins/x.ts', "import { toPath } from '../../../machines/lib/locale-path';", [layer('server', 'machines')]),
    at('server/src/plugins/x.ts', "const c = require('../../../services/client');", [layer('server', 'services')]),
  ],
});

describe('the project config wires the rule and the machine globals', () => {
  const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
  it('reports window and localStorage in machines/', async () => {
    const [res] = await eslint.lintText("export const x = () => window.localStorage.getItem('t') ?? localStorage.length;\n", {
      filePath: 'machines/probe.machine.ts',
    });
    const ids = res.messages.map((m) => `${m.ruleId}:${m.message.split(':')[0]}`);
    if (!ids.some((i) => i.includes('no-restricted-globals') && i.includes('window'))) throw new Error(`no window report: ${ids}`);
    if (!ids.some((i) => i.includes('no-restricted-globals') && i.includes('localStorage'))) throw new Error(`no localStorage report: ${ids}`);
  });

  it('reports a runtime services import from a component', async () => {
    const [res] = await eslint.lintText("import { getFaqs } from '../../../services/content.service';\nexport const f = getFaqs;\n", {
      filePath: 'src/components/faq/faq-list.tsx',
    });
    const found = res.messages.filter((m) => m.ruleId === 'architecture/layer-imports');
    if (found.length !== 1) throw new Error(`expected one layer report, got ${JSON.stringify(res.messages)}`);
  });
});
