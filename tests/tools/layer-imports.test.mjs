// The dependency rule, exercised through ESLint with the project's own layer table and config.
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { layers, mustBelong, testFiles, testOnly } from '../../eslint.config.js';
import rule from './eslint-rules/layer-imports.mjs';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = '/project';
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });
const at = (file, code, errors) => ({
  filename: `${root}/${file}`,
  code,
  options: [{ root, layers, mustBelong, testOnly, testFiles }],
  ...(errors ? { errors } : {}),
});
const layer = (from, to) => ({ message: new RegExp(`^${from} must not import ${to} \\(`) });
const pkg = { messageId: 'pkg' };
const testCode = (from) => ({ message: new RegExp(`^${from} must not import test code \\(`) });

tester.run('architecture/layer-imports', rule, {
  valid: [
    at('machines/cart.machine.ts', "import { setup } from 'xstate';\nimport * as v from 'valibot';"),
    at('machines/cart.machine.ts', "import { toPath } from './lib/locale-path';"),
    at('machines/lib/locale-path.ts', "import { x } from '../schemas/contact.schema';"),
    at('machines/cart.machine.ts', "import type { Cart } from '../services/cart.service';"),
    at(
      'machines/lib/x.ts',
      "import type { Cart } from '../../services/cart.service';\nexport type { Order } from '../../services/order.service';",
    ),
    at('machines/cart.machine.test.ts', "import { test } from 'vitest';\nimport { getShortestPaths } from 'xstate/graph';"),
    at(
      'services/cart.service.ts',
      "import { gql } from 'graphql-request';\nimport { client } from './client';\nimport type { TadaDocumentNode } from 'gql.tada';",
    ),
    at('services/cart.service.ts', "import { graphql } from './generated/graphql';"),
    at(
      'src/components/cart/cart-badge.tsx',
      "import { useLocale } from '../../lib/use-locale';\nimport { cartMachine } from '../../../machines/cart.machine';",
    ),
    // src/ downwards: containers -> components, lib; routes -> containers; app -> routes; lib -> machines
    at(
      'src/containers/cart-status.tsx',
      "import { LocaleLink } from '../components/locale-link/locale-link';\nimport { money } from '../lib/money';",
    ),
    at('src/containers/app-actors.tsx', "import type { AppActors } from './app-actors.types';"),
    at(
      'src/routes/cart/cart.tsx',
      "import { useAppActor } from '../../containers/app-actors';\nimport { CartLine } from '../../components/cart/cart-line';",
    ),
    at('src/root.tsx', "import { ShopActionsBridge } from './containers/shop-actions-bridge';"),
    at('src/entry.client.tsx', "import { provideAppActors } from './containers/app-actors';\nconst m = import('./app/browser-actors');"),
    at(
      'src/app/actors.ts',
      "import { toProductCard } from '../lib/catalogue/view-models';\nimport type { AppActors } from '../containers/app-actors.types';",
    ),
    at(
      'src/lib/catalogue/view-models.ts',
      "import { variantPricing } from '../../../machines/lib/variant-pricing';\nimport type { Cart } from '../../../services/cart.service';",
    ),
    at('src/lib/shop.server.ts', "import { createShopClient } from '../../services/client';"),
    at('src/components/cart/cart-badge.tsx', "import type { Cart } from '../../../services/cart.service';"),
    at('src/routes/product.tsx', "import { getProduct } from '../../services/catalogue.service';"),
    at('src/layouts/default-layout.tsx', "import { getHeaderFacets } from '../../services/catalogue.service';"),
    at(
      'src/app/actors.ts',
      "import { fetchActiveOrder } from '../../services/cart.service';\nimport { cartMachine } from '../../machines/cart.machine';",
    ),
    at('server/src/index.ts', "import { bootstrap } from '@vendure/core';\nimport { config } from './vendure-config';"),
    at('tests/e2e/shell.spec.ts', "import { x } from '../../services/client';\nimport { y } from '../../server/src/index';"),
    // dynamic imports completed at run time, inside the layer or into one it may import
    at('src/app/actors.ts', 'const m = await import(`../../machines/${name}.machine`);'),
    at('src/containers/app-actors.tsx', "const m = await import('./' + name);"),
    at('server/src/plugins/x.ts', 'const jose = await import(specifier);'),
    at('src/i18n/load.ts', 'const c = await import(`../../locales/${locale}/messages.po`);'),
    // test files may import test helpers
    at('machines/cart.machine.test.ts', "import { fakeCart } from '../tests/unit/helpers/cart';"),
    at('services/cart.service.test.ts', "const h = await import('../tests/unit/helpers/client');"),
  ],
  invalid: [
    at('machines/cart.machine.ts', "import { useState } from 'react';", [pkg]),
    at('machines/cart.machine.ts', "import { addToCart } from '../services/cart.service';", [
      {
        messageId: 'layer',
        data: { from: 'machines', to: 'services', spec: '../services/cart.service', hint: ': only `import type` is allowed here' },
      },
    ]),
    at('machines/lib/x.ts', "import { type Cart } from '../../services/cart.service';", [layer('machines', 'services')]),
    at('machines/cart.machine.ts', "import { t } from '../src/i18n/i18n';", [layer('machines', 'lib')]),
    at('machines/cart.machine.ts', "const m = await import('../services/cart.service');", [layer('machines', 'services')]),
    at('machines/cart.machine.ts', "import { request } from 'graphql-request';", [pkg]),
    at('machines/cart.machine.ts', "import { readFileSync } from 'node:fs';", [pkg]),
    at('services/cart.service.ts', "import { cartMachine } from '../machines/cart.machine';", [layer('services', 'machines')]),
    at('services/cart.service.ts', "import type { Locale } from '../src/i18n/locales';", [layer('services', 'lib')]),
    at('services/cart.service.ts', "import { createActor } from 'xstate';", [pkg]),
    at('src/components/cart/cart-badge.tsx', "import { addToCart } from '../../../services/cart.service';", [
      layer('components', 'services'),
    ]),
    at('src/components/cart/cart-badge.tsx', "export { addToCart } from '../../../services/cart.service';", [
      layer('components', 'services'),
    ]),
    at('src/components/x.tsx', "import { config } from '../../server/src/vendure-config';", [layer('components', 'server')]),
    at('src/routes/product.tsx', "import { config } from '../../server/src/vendure-config';", [layer('routes', 'server')]),
    // upward imports inside src/
    at('src/components/header/site-header.tsx', "import { useAppActor } from '../../containers/app-actors';", [
      layer('components', 'containers'),
    ]),
    at('src/components/catalogue/product-grid.tsx', "import type { ViewMode } from '../../routes/catalogue/listing-view';", [
      layer('components', 'routes'),
    ]),
    at('src/lib/chrome-data.ts', "import type { AlertView } from '../components/alert-banner/alert-banner';", [layer('lib', 'components')]),
    at('src/lib/catalogue/view-models.ts', "import { useAppActor } from '../../containers/app-actors';", [layer('lib', 'containers')]),
    at('src/containers/cart-status.tsx', "import { CartPage } from '../routes/cart/cart';", [layer('containers', 'routes')]),
    at('src/containers/app-actors.tsx', "const m = await import('../app/browser-actors');", [layer('containers', 'app')]),
    // AppActors lives in containers: not even a type comes from the composition root
    at('src/containers/use-page-actor.ts', "import type { AppActors } from '../app/actors';", [layer('containers', 'app')]),
    at('src/routes/catalogue/product-reviews.ts', "import { TOKEN_COOKIE } from '../../app/token-store';", [layer('routes', 'app')]),
    at('src/lib/money.ts', "import { getCart } from '../../services/cart.service';", [layer('lib', 'services')]),
    at('src/components/cart/cart-line.tsx', "import { getCart } from '../../../services/cart.service';", [layer('components', 'services')]),
    // a src/ file in no layer's folder
    at('src/widgets/banner.tsx', 'export const x = 1;', [{ messageId: 'unlayered' }]),
    at('server/src/plugins/x.ts', "import { toPath } from '../../../machines/lib/locale-path';", [layer('server', 'machines')]),
    at('server/src/plugins/x.ts', "const c = require('../../../services/client');", [layer('server', 'services')]),
    // dynamic imports of another layer whose path is a template or completed at run time
    at('machines/cart.machine.ts', 'const m = await import(`../services/cart.service`);', [layer('machines', 'services')]),
    at('machines/cart.machine.ts', 'const m = await import(`../services/${name}.service`);', [layer('machines', 'services')]),
    at('src/components/x.tsx', "const m = await import('../containers/' + name + '.tsx');", [layer('components', 'containers')]),
    at('src/containers/app-actors.tsx', 'const m = await import(`../app/${name}`);', [layer('containers', 'app')]),
    at('server/src/plugins/x.ts', 'const c = require(`../../../src/lib/${name}`);', [layer('server', 'lib')]),
    // test code in the code of a layer: static, dynamic, require, re-export
    at('src/lib/money.ts', "import { fakeCart } from '../../tests/unit/helpers/cart';", [testCode('lib')]),
    at('machines/cart.machine.ts', "const h = await import('../tests/unit/helpers/cart');", [testCode('machines')]),
    at('server/src/plugins/x.ts', "const fx = require('../../../tests/server/helpers/test-env');", [testCode('server')]),
    at('services/cart.service.ts', "export * from '../tests/unit/helpers/client';", [testCode('services')]),
    at('src/app/actors.ts', 'const h = await import(`../../tests/e2e/${name}`);', [testCode('app')]),
    at('src/routes/product.tsx', "import type { Fixture } from '../../tests/e2e/fixtures';", [testCode('routes')]),
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
    if (!ids.some((i) => i.includes('no-restricted-globals') && i.includes('localStorage')))
      throw new Error(`no localStorage report: ${ids}`);
  });

  it('reports an upward import inside src/ (component -> container) and a file in no layer', async () => {
    const [up] = await eslint.lintText("import { useAppActor } from '../../containers/app-actors';\nexport const f = useAppActor;\n", {
      filePath: 'src/components/cart/probe.tsx',
    });
    const ups = up.messages.filter((m) => m.ruleId === 'architecture/layer-imports').map((m) => m.message);
    if (ups.length !== 1 || !ups[0].startsWith('components must not import containers'))
      throw new Error(`expected one upward report, got ${JSON.stringify(up.messages)}`);
    const [lost] = await eslint.lintText('export const x = 1;\n', { filePath: 'src/widgets/probe.ts' });
    if (!lost.messages.some((m) => m.ruleId === 'architecture/layer-imports' && m.message.includes('belongs to no layer'))) {
      throw new Error(`expected a no-layer report, got ${JSON.stringify(lost.messages)}`);
    }
  });

  it('reports test code imported by the code of a layer, statically or dynamically', async () => {
    const [res] = await eslint.lintText(
      "import { tr } from '../../tests/e2e/fixtures';\nexport const f = () => import(`../../tests/unit/helpers/${tr}`);\n",
      { filePath: 'src/lib/probe.ts' },
    );
    const found = res.messages.filter((m) => m.ruleId === 'architecture/layer-imports').map((m) => m.message);
    if (found.length !== 2 || !found.every((m) => m.startsWith('lib must not import test code')))
      throw new Error(`expected two test-code reports, got ${JSON.stringify(res.messages)}`);
  });

  it('reports a runtime services import from a component', async () => {
    const [res] = await eslint.lintText("import { getFaqs } from '../../../services/content.service';\nexport const f = getFaqs;\n", {
      filePath: 'src/components/faq/faq-list.tsx',
    });
    const found = res.messages.filter((m) => m.ruleId === 'architecture/layer-imports');
    if (found.length !== 1) throw new Error(`expected one layer report, got ${JSON.stringify(res.messages)}`);
  });
});
