/** A deliberately simple address check (spec section 5: "a simple email pattern"). */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
