// anafanafo ships no types. It measures text with character-width tables of Verdana
// (the tables shields.io uses for its badges).
declare module 'anafanafo' {
  function measure(
    text: string,
    options: { font: '10px Verdana' | 'bold 10px Verdana' | '11px Verdana' | 'bold 11px Helvetica'; guess?: boolean },
  ): number;
  export = measure;
}
