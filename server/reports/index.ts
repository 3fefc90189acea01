// The reports area's door; its services arrive with the reports issue (see docs/decisions/0010).
export {};
