// The bills area's door; its services arrive with the bills issue (see docs/decisions/0010).
export {};
