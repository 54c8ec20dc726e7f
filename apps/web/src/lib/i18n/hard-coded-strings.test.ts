import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every string a user reads comes from the catalogues (useT). This scans the components for text written
 * into JSX: text between tags, `{'literals'}` as children, and literal values of the props that are shown or
 * read aloud. A deliberate exception carries the comment `i18n-ignore` on its line, with the reason.
 */
const SOURCE_ROOT = path.resolve(import.meta.dirname, '../..');

/** Props whose value is shown to the user or read by assistive technology. */
const TEXT_PROPS = new Set([
  'title',
  'label',
  'placeholder',
  'alt',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'tooltip',
  'okText',
  'cancelText',
  'description',
  'subTitle',
  'extra',
  'message',
  'content',
  'help',
  'addonBefore',
  'addonAfter',
  'emptyText',
  'checkedChildren',
  'unCheckedChildren',
]);

/**
 * Text with at least one letter in any script; digits, symbols and punctuation alone are not language, and
 * neither is a web address or its scheme (a placeholder of "https://").
 */
const hasWords = (text: string) => /\p{L}/u.test(text) && !/^\s*[a-z][a-z0-9+.-]*:\/\/\S*\s*$/i.test(text);

function componentFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return componentFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** The hard-coded texts of one file, as `file:line: text`. */
export function findHardCodedTexts(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = source.split('\n');
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    if (lines[line]?.includes('i18n-ignore')) return;
    found.push(`${path.relative(SOURCE_ROOT, fileName)}:${line + 1}: ${JSON.stringify(text.trim())}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      const expression = node.expression;
      if (
        (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) &&
        hasWords(expression.text)
      ) {
        report(expression, expression.text);
      }
    }
    if (ts.isJsxAttribute(node) && node.initializer && TEXT_PROPS.has(node.name.getText(file))) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (value && (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) && hasWords(value.text)) {
        report(value, value.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('interface strings', () => {
  it('finds hard-coded text (the check itself works)', () => {
    const sample = [
      'export const A = () => <p title="Hello">Hi <b>{"there"}</b></p>;',
      'export const B = () => <img alt="" title={t("x")} aria-label={`Menu`} />;',
      'export const C = () => <span>{count} / 10 ·</span>;',
      'export const D = () => <abbr title="RTMS">x</abbr>; // i18n-ignore: the product name',
      'export const E = () => <input placeholder="https://" />;',
    ].join('\n');
    expect(findHardCodedTexts(path.join(SOURCE_ROOT, 'sample.tsx'), sample)).toEqual([
      'sample.tsx:1: "Hello"',
      'sample.tsx:1: "Hi"',
      'sample.tsx:1: "there"',
      'sample.tsx:2: "Menu"',
    ]);
  });

  it('has no hard-coded text in any component: every string comes from the catalogues', () => {
    const found = componentFiles(SOURCE_ROOT).flatMap((file) =>
      findHardCodedTexts(file, fs.readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
