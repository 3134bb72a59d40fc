// The tester lives below the features (components/rule-tester/): a line's Firewall Rules tab
// opens it too, and one feature may not import another's. The rules screen imports it here.
export { RuleTesterModal, type RuleTesterModalProps } from '@/components/rule-tester/rule-tester-modal';
