// The deals area's door; its services arrive with the deals issue (see docs/decisions/0010).
export {};
