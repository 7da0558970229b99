// t(english, {name: value}): the translated string with its {name} placeholders filled.
// Why a dict rendered by the template: one gettext catalog then covers Jinja and JS alike,
// and a missing entry simply shows the English text instead of breaking the page.
const strings = window.PRISMATIC_I18N || {};

export function t(text, params = {}) {
  const template = Object.prototype.hasOwnProperty.call(strings, text) ? strings[text] : text;
  return String(template).replace(/\{(\w+)\}/g, (whole, key) =>
    Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : whole);
}
