// Imported first by the wizard's entry: React and Ink pick their production builds (faster start, no
// development warnings on the user's terminal) unless NODE_ENV says otherwise.

process.env['NODE_ENV'] ??= 'production';

export {};
