// The alerts area's public face (issue 31): its kinds, channels and rules.
export * from './alerts-rules.ts';
