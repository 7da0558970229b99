// t(english, {name: value}): the translated string with its {name} placeholders filled.
// tn(one, many, n, {name: value}): the plural form for n, with {n} filled in too.
// Why a dict rendered by the template: one gettext catalog then covers Jinja and JS alike,
// and a missing entry simply shows the English text instead of breaking the page.
// Why Intl.PluralRules: the server sends each plural message's forms in the catalog's
// order and the CLDR category of each form (ru: one, few, many), so the browser picks the
// same form the catalog's Plural-Forms would (1 карта, 2 карты, 5 карт, 21 карта).
const strings = window.PRISMATIC_I18N || {};
const plurals = window.PRISMATIC_PLURALS || { lang: "en", categories: ["one", "other"], forms: {} };
const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
let rules = null;

function fill(template, params) {
  return String(template).replace(/\{(\w+)\}/g, (whole, key) =>
    has(params, key) ? String(params[key]) : whole);
}

export function t(text, params = {}) {
  return fill(has(strings, text) ? strings[text] : text, params);
}

export function pluralIndex(n) {
  try {
    rules = rules || new Intl.PluralRules(plurals.lang);
    const index = plurals.categories.indexOf(rules.select(n));
    return index >= 0 ? index : plurals.categories.length - 1;
  } catch {
    return n === 1 ? 0 : 1;
  }
}

export function tn(one, many, n, params = {}) {
  const forms = has(plurals.forms, one) ? plurals.forms[one] : null;
  const template = forms ? forms[Math.min(pluralIndex(n), forms.length - 1)] : (n === 1 ? one : many);
  return fill(template, { n, ...params });
}
