// The customers area's door; its services arrive with the customers issue (see docs/decisions/0010).
export {};
