// The package ships no types; this is the part of its API the engine uses.
declare module 'snowball-stemmers' {
  interface Stemmer {
    stem(word: string): string;
  }
  const factory: {
    newStemmer(language: string): Stemmer;
    algorithms(): string[];
  };
  export default factory;
}
